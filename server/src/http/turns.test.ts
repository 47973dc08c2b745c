import { ApiError } from './errors';
import { Turns } from './turns';

/** A piece of work that ends when `finish` is called, recording when it started. */
function held(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => (started.push(name), done.then(() => name)), finish: () => finish() };
}

/** After the turns of the event loop a hand-over takes (turns.ts passes a turn on after one). */
const settled = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

it('runs one piece of work of a key at a time, the others in the order they came', async () => {
  const turns = new Turns(1, 5);
  const started: string[] = [];
  const [a, b, c] = ['a', 'b', 'c'].map((name) => held(started, name));
  const answers = [turns.run(7, a.work), turns.run(7, b.work), turns.run(7, c.work)];
  await settled();
  expect(started).toEqual(['a']);
  expect(turns.load(7)).toEqual({ running: 1, waiting: 2 });
  a.finish();
  await settled();
  expect(started).toEqual(['a', 'b']);
  c.finish(); // c is done before its turn comes: it still waits for b
  await settled();
  expect(started).toEqual(['a', 'b']);
  b.finish();
  expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
  expect(started).toEqual(['a', 'b', 'c']);
  expect(turns.load(7)).toEqual({ running: 0, waiting: 0 });
});

it('keeps keys apart: another key runs at once', async () => {
  const turns = new Turns(1, 5);
  const started: string[] = [];
  const first = held(started, 'primera de 1');
  const other = held(started, 'de 2');
  const answers = [turns.run(1, first.work), turns.run(2, other.work)];
  await settled();
  expect(started).toEqual(['primera de 1', 'de 2']);
  first.finish();
  other.finish();
  await Promise.all(answers);
});

it('runs up to `atOnce` together', async () => {
  const turns = new Turns(2, 5);
  const started: string[] = [];
  const works = ['a', 'b', 'c'].map((name) => held(started, name));
  const answers = works.map(({ work }) => turns.run(3, work));
  await settled();
  expect(started).toEqual(['a', 'b']);
  works[1].finish();
  await settled();
  expect(started).toEqual(['a', 'b', 'c']);
  works[0].finish();
  works[2].finish();
  await Promise.all(answers);
});

it('passes the turn on when a piece of work fails, and gives the failure to its caller', async () => {
  const turns = new Turns(1, 5);
  const failing = turns.run(4, () => Promise.reject(new Error('fallo')));
  const next = turns.run(4, async () => 'siguiente');
  await expect(failing).rejects.toThrow('fallo');
  await expect(next).resolves.toBe('siguiente');
  expect(turns.load(4)).toEqual({ running: 0, waiting: 0 });
});

it('refuses one more than `maxWaiting` waiting with a 429, and changes nothing for the others', async () => {
  const turns = new Turns(1, 2);
  const started: string[] = [];
  const works = ['a', 'b', 'c'].map((name) => held(started, name));
  const answers = works.map(({ work }) => turns.run(5, work));
  const refused = turns.run(5, async () => 'nunca');
  await expect(refused).rejects.toEqual(expect.any(ApiError));
  await expect(refused).rejects.toMatchObject({
    statusCode: 429,
    message: 'Demasiadas peticiones; inténtelo más tarde',
  });
  expect(turns.load(5)).toEqual({ running: 1, waiting: 2 });
  for (const { finish } of works) finish();
  expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
  await expect(turns.run(5, async () => 'después')).resolves.toBe('después');
});

it('starts the next in line after a turn of the event loop, so work that came meanwhile goes first', async () => {
  const turns = new Turns(1, 5);
  const order: string[] = [];
  const first = turns.run(1, async () => void order.push('primera'));
  const second = turns.run(1, async () => void order.push('segunda'));
  setImmediate(() => order.push('otra petición'));
  await Promise.all([first, second]);
  expect(order).toEqual(['primera', 'otra petición', 'segunda']);
});

import './factList.css';

export interface Fact {
  label: string;
  value: string;
}

/**
 * Label and value pairs in a bordered band, e.g. the line, CUPS and contract a screen is about. `busy`: the values
 * are still on their way; the band keeps its room (a blank value holds one line) and screen readers skip it.
 */
export function FactList({ facts, busy = false }: { facts: readonly Fact[]; busy?: boolean }) {
  return (
    <dl className="fact-list" aria-hidden={busy || undefined}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value || '\u00a0'}</dd>
        </div>
      ))}
    </dl>
  );
}

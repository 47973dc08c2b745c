import './factList.css';

export interface Fact {
  label: string;
  value: string;
}

/** Label and value pairs in a bordered band, e.g. the line, CUPS and contract a screen is about. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="fact-list">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const CUPS_HALF = 10;

/** A CUPS with a break opportunity halfway, taken only when its table runs short of width. */
export function CupsText({ cups, className }: { cups: string; className?: string }) {
  return (
    <span className={className}>
      {cups.slice(0, CUPS_HALF)}
      <wbr />
      {cups.slice(CUPS_HALF)}
    </span>
  );
}

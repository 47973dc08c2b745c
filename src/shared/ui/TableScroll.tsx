import type { ReactNode, Ref } from 'react';

interface TableScrollProps {
  /** The region's name, read before the table. */
  label: string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** A table wider than the screen scrolls inside this region, which a keyboard user can focus and scroll. */
export function TableScroll({ label, ref, children }: TableScrollProps) {
  return (
    <div ref={ref} className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

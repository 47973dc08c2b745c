import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ExplorerView } from './explorerTypes';
import { parseExplorerView, serialiseExplorerView } from './explorerView';

/**
 * The explorer's view lives in the URL query alone (no redux slice): a link, reload and back/forward give the
 * same view. A bad parameter is corrected in place (replace, no history entry); each change the user makes
 * pushes an entry, so back walks the views they went through.
 */
export function useExplorerView() {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseExplorerView(params), [params]);

  useEffect(() => {
    if (parsed.corrected) setParams(serialiseExplorerView(parsed.view), { replace: true });
  }, [parsed, setParams]);

  const show = useCallback((view: ExplorerView) => setParams(serialiseExplorerView(view)), [setParams]);
  return { ...parsed, show };
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { parseExplorerView, serialiseExplorerView } from './explorerView';
import { explorerOpened, selectExplorer } from './loadCurveSlice';

/**
 * The explorer's view, held by the loadCurve slice, with the URL kept in step by this one listener. The URL is the
 * shareable source when the screen opens and on back/forward (a link, a reload and history give the same view);
 * every later change is an action on the slice, applied in order to the view the store holds, and written here
 * to the URL as a new history entry (a bad parameter is corrected in place, with no entry).
 */
export function useExplorerView() {
  const dispatch = useAppDispatch();
  const explorer = useAppSelector(selectExplorer);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Until the slice has taken the URL's view (one effect later), the URL's own view is the one shown.
  const [opened, setOpened] = useState(false);
  const fromUrl = useMemo(() => parseExplorerView(new URLSearchParams(search)), [search]);
  // The URLs written and not yet seen back from the router, oldest first, and the one store and URL agree on.
  const written = useRef<string[]>([]);
  const synced = useRef<string | null>(null);
  // The router's setter changes with each navigation; the effects must run on what the URL and store say alone.
  const write = useRef(setParams);
  write.current = setParams;
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (search === seen.current) return;
    seen.current = search;
    const own = written.current.indexOf(search);
    if (own >= 0) {
      written.current.splice(0, own + 1);
      return;
    }
    dispatch(explorerOpened({ view: fromUrl.view, isDefaultQuery: fromUrl.isDefaultQuery }));
    synced.current = serialiseExplorerView(fromUrl.view).toString();
    if (fromUrl.corrected) {
      written.current.push(synced.current);
      write.current(synced.current, { replace: true });
    }
    setOpened(true);
  }, [dispatch, search, fromUrl]);

  useEffect(() => {
    if (!opened) return;
    const next = serialiseExplorerView(explorer.view).toString();
    if (next === synced.current) return;
    synced.current = next;
    written.current.push(next);
    write.current(next);
  }, [opened, explorer.view]);

  return opened
    ? { view: explorer.view, isDefaultQuery: explorer.isDefaultQuery, revision: explorer.revision }
    : { view: fromUrl.view, isDefaultQuery: fromUrl.isDefaultQuery, revision: null };
}

import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isSessionExpired, LOGIN_FIRST } from './session';

/** Load data on mount (and on `reload`); a 401 sends the user to log in again. */
export function useApi<T>(load: () => Promise<T>, deps: unknown[]) {
  const navigate = useNavigate();
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    run().then(
      (data) => { if (live) setState({ data, loading: false }); },
      (error) => {
        if (!live) return;
        if (isSessionExpired(error)) { navigate(LOGIN_FIRST); return; }
        console.error(error);
        setState({ error, loading: false });
      },
    );
    return () => { live = false; };
  }, [run, tick, navigate]);
  return { ...state, reload: () => setTick((n) => n + 1), setData: (data: T) => setState({ data, loading: false }) };
}

import { useEffect } from 'react';
import { startPlayerEngine } from '../../engine/player/player-engine';

/** Starts the one shared player engine (idempotent; it lives outside React and never stops). */
export function usePlayerEngine(): void {
  useEffect(() => {
    startPlayerEngine();
  }, []);
}

import { PlayerBar } from '../../features/player/player-bar';
import { PlayerMixButton } from '../../features/mix/player-mix-button';

/** The player bar with the mix feature's button: its own chunk, loaded once something first plays (issue 24's first-load budget). */
export default function PlayerDock() {
  return <PlayerBar mixControls={<PlayerMixButton />} />;
}

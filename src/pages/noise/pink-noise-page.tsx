import { routeTitles } from '../../lib/strings';
import { NoisePage } from './noise-page';

export default function PinkNoisePage() {
  return <NoisePage colour="pink" title={routeTitles['/pink-noise']} />;
}

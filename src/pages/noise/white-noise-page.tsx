import { routeTitles } from '../../lib/strings';
import { NoisePage } from './noise-page';

export default function WhiteNoisePage() {
  return <NoisePage colour="white" title={routeTitles['/white-noise']} />;
}

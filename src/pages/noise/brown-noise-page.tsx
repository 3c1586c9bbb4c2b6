import { routeTitles } from '../../lib/strings';
import { NoisePage } from './noise-page';

export default function BrownNoisePage() {
  return <NoisePage colour="brown" title={routeTitles['/brown-noise']} />;
}

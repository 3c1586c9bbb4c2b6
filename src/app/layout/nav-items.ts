import type SvgIcon from '@mui/material/SvgIcon';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import GraphicEqOutlined from '@mui/icons-material/GraphicEqOutlined';
import WavesOutlined from '@mui/icons-material/WavesOutlined';
import WaterOutlined from '@mui/icons-material/WaterOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { siteConfig } from '../../lib/config';
import { routeTitles, type RoutePath } from '../../lib/strings';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: typeof SvgIcon;
  readonly external?: boolean;
}

export interface NavGroup {
  readonly label: string | undefined;
  readonly items: readonly NavItem[];
}

/** An app route's entry: its label is the route's title (one place for both, src/lib/strings.ts). */
const route = (to: RoutePath, icon: typeof SvgIcon): NavItem => ({ label: routeTitles[to], to, icon });

export const navGroups: readonly NavGroup[] = [
  { label: undefined, items: [route('/', HomeOutlined)] },
  { label: 'Noises', items: [route('/white-noise', GraphicEqOutlined), route('/pink-noise', WavesOutlined), route('/brown-noise', WaterOutlined)] },
  // Not in SPEC's sidebar, which has no way to reach /settings (install, offline sounds, stats): issue 13 adds it.
  { label: undefined, items: [route('/settings', SettingsOutlined)] },
  {
    label: 'About',
    items: [
      route('/privacy', ShieldOutlined),
      route('/changelog', HistoryOutlined),
      route('/credits', FavoriteBorderOutlined),
      { label: 'Source code', to: siteConfig.sourceRepositoryUrl, icon: CodeOutlined, external: true },
    ],
  },
];

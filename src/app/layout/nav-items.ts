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

export const navGroups: readonly NavGroup[] = [
  { label: undefined, items: [{ label: 'Home', to: '/', icon: HomeOutlined }] },
  {
    label: 'Noises',
    items: [
      { label: 'White Noise', to: '/white-noise', icon: GraphicEqOutlined },
      { label: 'Pink Noise', to: '/pink-noise', icon: WavesOutlined },
      { label: 'Brown Noise', to: '/brown-noise', icon: WaterOutlined },
    ],
  },
  // Not in SPEC's sidebar, which has no way to reach /settings (install, offline sounds, stats): issue 13 adds it.
  { label: undefined, items: [{ label: 'Settings', to: '/settings', icon: SettingsOutlined }] },
  {
    label: 'About',
    items: [
      { label: 'Privacy', to: '/privacy', icon: ShieldOutlined },
      { label: 'Changelog', to: '/changelog', icon: HistoryOutlined },
      { label: 'Credits', to: '/credits', icon: FavoriteBorderOutlined },
      { label: 'Source code', to: siteConfig.sourceRepositoryUrl, icon: CodeOutlined, external: true },
    ],
  },
];

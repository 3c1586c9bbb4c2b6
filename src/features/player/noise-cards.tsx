import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { useSnapshot } from 'valtio';
import { toggleNoise } from '../../engine/noise/noise-engine';
import { FIRST_TAP } from '../../lib/first-paint';
import { strings } from '../../lib/strings';
import { mixStore, NOISE_COLOURS } from '../../stores/mix-store';
import { noiseStore, type NoiseColour } from '../../stores/noise-store';
import { playerStore } from '../../stores/player-store';
import { SoundCard, type CardState } from './sound-card';
import { cardGridSx } from './sound-grid';

/** Each colour's cover, drawn by CSS (no file to fetch): bands that darken as the noise does. */
const covers: Record<NoiseColour, { emoji: string; background: string }> = {
  white: { emoji: '☁️', background: 'repeating-linear-gradient(90deg, #eef1f6 0 6px, #dde3ec 6px 9px, #f7f8fb 9px 14px), #eef1f6' },
  pink: { emoji: '🌸', background: 'repeating-linear-gradient(90deg, #f6c1cf 0 10px, #eea6ba 10px 16px, #f9d3dd 16px 26px), #f6c1cf' },
  brown: { emoji: '🍂', background: 'repeating-linear-gradient(90deg, #8a5a3b 0 16px, #7a4d31 16px 26px, #9a6947 26px 44px), #8a5a3b' },
};

/**
 * White, pink and brown on the home page (issue 39): a tap plays the colour alone (as its SPEC page
 * does); while a track plays, the corner button adds it under the track, with its level on the card.
 */
export function NoiseCards() {
  const noise = useSnapshot(noiseStore);
  const mix = useSnapshot(mixStore);
  const player = useSnapshot(playerStore);
  const track = useDeferredValue(player.status !== 'idle' ? player.currentIndex : null);
  return (
    <Stack component="section" aria-labelledby="noise-heading" spacing={1.5}>
      <Typography variant="h2" component="h2" id="noise-heading">{strings.noiseHeading}</Typography>
      <Box component="ul" data-testid="noise-grid" sx={cardGridSx}>
        {NOISE_COLOURS.map((colour) => {
          const name = strings.noiseColourName(colour);
          const solo = noise.colour === colour && noise.status !== 'stopped';
          const state: CardState = !solo ? 'stopped' : noise.status === 'starting' ? 'loading' : 'playing';
          const layered = mix.layers.some((layer) => layer.sound === colour);
          return (
            <SoundCard
              key={colour}
              name={name}
              emoji={covers[colour].emoji}
              cover={{ background: covers[colour].background }}
              state={state}
              sounding={state === 'playing' || (layered && player.status === 'playing')}
              reason={undefined}
              // The engine resumes the AudioContext inside this click: browsers only allow it in a gesture.
              onPlay={() => toggleNoise(colour)}
              mix={track === null ? undefined : { role: layered ? 'layer' : 'add', sound: colour, name }}
              buttonProps={{ 'data-noise': colour, [FIRST_TAP.intent]: `noise:${colour}` }}
            />
          );
        })}
      </Box>
    </Stack>
  );
}

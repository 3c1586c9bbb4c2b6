import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { OWN_SOUND_EMOJI, ownSoundEmoji, ownSoundStrings as s } from '../../lib/own-sound-strings';
import { chooseOwnSoundEmoji } from './own-sounds-store';

/**
 * A sound's emoji, which is also the button that changes it: a menu of the emoji it may wear, each named. The menu
 * renders in place, inside the page's landmarks (portaled to <body>, it would be content outside every landmark).
 */
export function OwnSoundEmojiMenu({ id, name, emoji }: { id: string; name: string; emoji: string | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const shown = ownSoundEmoji(emoji);
  return (
    <>
      <IconButton
        aria-label={s.chooseEmoji(name)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="own-sound-emoji"
        sx={{ fontSize: '1.5rem', width: 48, height: 48 }}
      >
        <span aria-hidden="true">{shown}</span>
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} disablePortal slotProps={{ list: { 'aria-label': s.emojiMenu(name) } }}>
        {OWN_SOUND_EMOJI.map(([each, label]) => (
          <MenuItem
            key={each}
            selected={each === shown}
            onClick={() => {
              setAnchor(null);
              void chooseOwnSoundEmoji(id, each);
            }}
          >
            <ListItemIcon aria-hidden="true" sx={{ fontSize: '1.25rem' }}>{each}</ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

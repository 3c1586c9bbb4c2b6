import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { memo, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ownSoundStrings as s } from '../../lib/own-sound-strings';
import { OwnSoundsList } from './own-sounds-list';
import { OWN_SOUND_ACCEPT } from '../../lib/own-sound-files';
import { useDeferredStore } from '../../lib/use-deferred-store';
import { dismissOwnSoundMessage, loadOwnSounds, ownSoundsStore, type OwnSoundMessage, type OwnSoundsState } from './own-sounds-store';
import { cancelImport, importOwnSounds, importProgress, importSharedFiles } from './own-sounds-import';


const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** Files dropped anywhere on the page that shows this section (the home page) are imported. */
function useDropTarget(onFiles: (files: File[]) => void): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      setOver(true);
    };
    const onDragLeave = (event: DragEvent) => {
      if (event.relatedTarget === null) setOver(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setOver(false);
      onFiles(Array.from(event.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [onFiles]);
  return over;
}

const startImport = (files: File[]) => void importOwnSounds(files);

/** The import's progress: the only part of the section that renders at each step. */
function ImportProgressBar() {
  const { fraction } = useSnapshot(importProgress);
  return <LinearProgress variant="determinate" value={Math.round(fraction * 100)} aria-labelledby="own-sounds-job-label" />;
}

/** The file under way, with Cancel and the progress bar. */
const ImportJobBox = memo(function ImportJobBox({ job }: { job: Readonly<NonNullable<OwnSoundsState['job']>> }) {
  return (
    <Box data-testid="own-sounds-job">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} id="own-sounds-job-label">{s.importing(job.name, job.position, job.count)}</Typography>
        <Button size="small" onClick={cancelImport} data-testid="own-sounds-cancel">{s.cancel}</Button>
      </Stack>
      <ImportProgressBar />
    </Box>
  );
});

/** What the last imports said, each dismissable. */
const ImportMessages = memo(function ImportMessages({ messages }: { messages: readonly Readonly<OwnSoundMessage>[] }) {
  return messages.map((message) => (
    <Alert key={message.id} severity={message.severity} onClose={() => dismissOwnSoundMessage(message.id)} slotProps={{ closeButton: { 'aria-label': s.dismiss } }} data-testid="own-sounds-message" sx={{ overflowWrap: 'anywhere' }}>
      {message.text}
    </Alert>
  ));
});

/**
 * "Your sounds" (issue 41): the import (picker, drop, share, progress, Cancel), what it said, and the stored sounds
 * once one exists. `shared`: the home page was opened by a share (the query's value, lazy-own-sounds.tsx). The list,
 * the job and the messages follow the store a moment late, in the background (lib/use-deferred-store.ts): mounting a
 * new row or the progress box in one task held a phone's main thread for up to 90 ms (bench/import.bench.ts).
 */
export function OwnSoundsSection({ firstFiles, shared }: { firstFiles: readonly File[] | null; shared: string | null }) {
  const { sounds, job, messages } = useDeferredStore(ownSoundsStore);
  const input = useRef<HTMLInputElement>(null);
  const over = useDropTarget(startImport);
  // The files that loaded this section (picked, dropped or shared before it was here) import once the list is read.
  useEffect(() => {
    void loadOwnSounds().then(() => {
      if (firstFiles?.length) startImport([...firstFiles]);
      else if (shared !== null) void importSharedFiles(shared);
    });
  }, [firstFiles, shared]);
  return (
    <Stack spacing={1.5} data-testid="own-sounds-area">
      <OwnSoundsList sounds={sounds} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" startIcon={<UploadIcon />} disabled={job !== null} onClick={() => input.current?.click()} sx={{ flexShrink: 0 }}>{s.addSounds}</Button>
        <Typography variant="body2" color="text.secondary">{s.addSoundsHint}</Typography>
        <input
          ref={input}
          type="file"
          accept={OWN_SOUND_ACCEPT.join(',')}
          multiple
          hidden
          data-testid="own-sounds-input"
          onChange={(event) => {
            startImport(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </Stack>
      {over && <Alert severity="info" icon={<UploadIcon />} data-testid="own-sounds-drop">{s.dropHere}</Alert>}
      {job && <ImportJobBox job={job} />}
      <ImportMessages messages={messages} />
    </Stack>
  );
}

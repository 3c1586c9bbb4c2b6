import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { holdsOwnSounds } from '../../lib/own-sounds-db-name';
import { ownSoundStrings as s } from '../../lib/own-sound-strings';
import { useHydrated } from '../../lib/use-hydrated';

// The section (its store, the database code, the dialogs) loads only on a device that holds own sounds, or at the
// first import: the home page's first load stays within its budget.
const OwnSoundsSection = lazy(() => import('./own-sounds-section').then((module) => ({ default: module.OwnSoundsSection })));

const ACCEPT = 'audio/*,.mp3,.m4a,.aac,.ogg,.opus,.oga,.wav,.flac,.webm';

/** The home page's "Your sounds" (issue 41): a light Add button and drop target until the section is needed. */
export function LazyOwnSounds() {
  const hydrated = useHydrated();
  const [files, setFiles] = useState<File[] | null>(null);
  const [holds, setHolds] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void holdsOwnSounds().then(setHolds);
  }, []);
  const needed = holds || files !== null;
  useEffect(() => {
    if (needed) return;
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      setFiles(Array.from(event.dataTransfer.files));
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [needed]);
  if (!hydrated) return null;
  if (needed) {
    return (
      <Suspense fallback={null}>
        <OwnSoundsSection firstFiles={files} />
      </Suspense>
    );
  }
  return (
    <div>
      <Button variant="outlined" onClick={() => input.current?.click()}>{s.addSounds}</Button>
      <input ref={input} type="file" accept={ACCEPT} multiple hidden data-testid="own-sounds-input" onChange={(event) => setFiles(Array.from(event.target.files ?? []))} />
    </div>
  );
}

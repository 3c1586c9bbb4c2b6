import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { OWN_SOUND_ACCEPT, SHARED_PARAM } from '../../lib/own-sound-files';
import { holdsOwnSounds } from '../../lib/own-sounds-db-name';
import { ownSoundStrings as s } from '../../lib/own-sound-strings';
import { useHydrated } from '../../lib/use-hydrated';

// The section (its store, the database code, the dialogs) loads only on a device that holds own sounds, or at the
// first import: the home page's first load stays within its budget.
const OwnSoundsSection = lazy(() => import('./own-sounds-section').then((module) => ({ default: module.OwnSoundsSection })));

/** The home page's "Your sounds" (issue 41): a light Add button and drop target until the section is needed. */
export function LazyOwnSounds() {
  const hydrated = useHydrated();
  const [files, setFiles] = useState<File[] | null>(null);
  const [holds, setHolds] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Opened by a share (public/share-target.js): the section takes the files; the query goes, so a reload does not ask again.
  const location = useLocation();
  const navigate = useNavigate();
  const [shared] = useState(() => new URLSearchParams(location.search).get(SHARED_PARAM));
  useEffect(() => {
    if (new URLSearchParams(location.search).has(SHARED_PARAM)) navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [location, navigate]);
  useEffect(() => {
    void holdsOwnSounds().then(setHolds);
  }, []);
  const needed = holds || files !== null || shared !== null;
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
        <OwnSoundsSection firstFiles={files} shared={shared} />
      </Suspense>
    );
  }
  return (
    <div>
      <Button variant="outlined" onClick={() => input.current?.click()}>{s.addSounds}</Button>
      <input ref={input} type="file" accept={OWN_SOUND_ACCEPT.join(',')} multiple hidden data-testid="own-sounds-input" onChange={(event) => setFiles(Array.from(event.target.files ?? []))} />
    </div>
  );
}

import Button from '@mui/material/Button';
import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { OWN_SOUND_ACCEPT, SHARED_PARAM } from '../../lib/own-sound-files';
import { holdsOwnSounds } from '../../lib/own-sounds-db-name';
import { ownSoundStrings as s } from '../../lib/own-sound-strings';
import { useHydrated } from '../../lib/use-hydrated';

// The section (its store, the database code, the dialogs) loads only on a device that holds own sounds, or at the
// first import: the home page's first load stays within its budget.
// Its code is fetched as soon as the listener shows the intent (the tap on Add, files dragged over the page), so it is
// here, compiled, while they choose: a phone does not compile it in the task that receives the file.
const loadSection = () => import('./own-sounds-section');
/** A failed early fetch is not reported here: the section's own load, when it is needed, fails visibly. */
const warmSection = () => void loadSection().catch(() => undefined);
const OwnSoundsSection = lazy(() => loadSection().then((module) => ({ default: module.OwnSoundsSection })));

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
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      warmSection();
    };
    const onDrop = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      const dropped = Array.from(event.dataTransfer.files);
      startTransition(() => setFiles(dropped));
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [needed]);
  // The section mounts as a transition, in slices (a phone's main thread stays free), with this button kept until then.
  const pick = (picked: File[]) => startTransition(() => setFiles(picked));
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
      <Button
        variant="outlined"
        onClick={() => {
          input.current?.click();
          warmSection();
        }}
      >
        {s.addSounds}
      </Button>
      <input ref={input} type="file" accept={OWN_SOUND_ACCEPT.join(',')} multiple hidden data-testid="own-sounds-input" onChange={(event) => pick(Array.from(event.target.files ?? []))} />
    </div>
  );
}

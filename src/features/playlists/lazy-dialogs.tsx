import { lazy } from 'react';

// Dialogs (and MUI's text field) load when first opened, keeping the home route's first load small.
export const PlaylistEditorDialog = lazy(() => import('./playlist-editor-dialog').then((module) => ({ default: module.PlaylistEditorDialog })));
export const ConfirmDialog = lazy(() => import('./message-dialog').then((module) => ({ default: module.ConfirmDialog })));
export const MessageDialog = lazy(() => import('./message-dialog').then((module) => ({ default: module.MessageDialog })));

/**
 * The windowed decoder, loaded when a soundscape first hands over (loop-handover.ts), not with the app:
 * the first load's JavaScript budget (issue 24) has no room for what only a playing loop needs.
 */
export { createLoopVoice } from './loop-voice';
export { parseMp3Layout } from './mp3-layout';

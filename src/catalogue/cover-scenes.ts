/**
 * The catalogue's cover scenes: the palette and shapes of each nature and ambient sound's cover. The studio draws
 * the catalogue's covers from them (studio/cover.ts); the app draws a listener's own sound's cover in the same
 * palettes (issue 41). Colours are '#rrggbb'.
 */
export interface Scene {
  /** Sky bands from top to bottom. */
  readonly sky: readonly string[];
  readonly orb: string;
  /** Orb centre (0..1) and radius in px. */
  readonly orbAt: readonly [number, number, number];
  /** Layers back to front: colour, base height (0..1 from top), roughness, wave count. */
  readonly layers: readonly (readonly [string, number, number, number])[];
  /** Small flat dots (stars, bubbles, sparks, drops): colour and count and radius. */
  readonly dots?: readonly [string, number, number, 'upper' | 'all' | 'lower'];
}

export const SCENES: Record<string, Scene> = {
  ocean: { sky: ['#8ecae6', '#a8d8ea', '#cfe8ef'], orb: '#ffd98e', orbAt: [0.72, 0.3, 46], layers: [['#2f7fa8', 0.55, 0.02, 3], ['#1f6690', 0.66, 0.03, 5], ['#134b6b', 0.78, 0.035, 4], ['#0b3550', 0.9, 0.02, 6]] },
  forest: { sky: ['#cde6c4', '#dcefd2', '#eef6e6'], orb: '#fff3c4', orbAt: [0.3, 0.25, 40], layers: [['#7fae7a', 0.5, 0.09, 14], ['#4f8a55', 0.62, 0.12, 18], ['#2f6a3c', 0.75, 0.14, 22], ['#1c4a2a', 0.88, 0.1, 26]] },
  rain: { sky: ['#5d6d7e', '#6f7f8f', '#8393a3'], orb: '#9aa9b8', orbAt: [0.7, 0.22, 70], layers: [['#4a5866', 0.7, 0.03, 3], ['#36434f', 0.84, 0.02, 4]], dots: ['#c9d6e3', 160, 2, 'all'] },
  river: { sky: ['#bfe3d0', '#d5eddf', '#e8f5ec'], orb: '#fff0b8', orbAt: [0.5, 0.22, 38], layers: [['#6fa487', 0.45, 0.07, 6], ['#4d8a6d', 0.56, 0.05, 5], ['#4aa3c2', 0.72, 0.015, 8], ['#2f84a5', 0.86, 0.015, 10]] },
  wind: { sky: ['#d9e4ec', '#e3ebf1', '#edf2f6'], orb: '#f7f7f2', orbAt: [0.25, 0.28, 36], layers: [['#b6c8d6', 0.42, 0.015, 2], ['#9fb6c8', 0.56, 0.02, 2], ['#8aa2b3', 0.8, 0.05, 3]] },
  fire: { sky: ['#1d1a2b', '#241f33', '#2c2540'], orb: '#f6d365', orbAt: [0.5, 0.64, 80], layers: [['#f08a24', 0.62, 0.16, 9], ['#d9480f', 0.74, 0.12, 11], ['#5a2a12', 0.9, 0.01, 2]], dots: ['#ffd166', 40, 3, 'upper'] },
  desert: { sky: ['#f9d9a6', '#fbe3b9', '#fdeccc'], orb: '#fff7e0', orbAt: [0.7, 0.28, 52], layers: [['#e9b872', 0.6, 0.05, 2], ['#d99a4e', 0.72, 0.06, 3], ['#c17f3a', 0.86, 0.05, 2]] },
  arctic: { sky: ['#c9dcef', '#dbe8f5', '#eaf2fa'], orb: '#ffffff', orbAt: [0.3, 0.22, 34], layers: [['#a9c4de', 0.5, 0.18, 5], ['#d7e6f3', 0.68, 0.05, 3], ['#f4f8fc', 0.82, 0.03, 2]] },
  kettle: { sky: ['#f3e3d3', '#f6eadc', '#f9f0e6'], orb: '#d9a57a', orbAt: [0.5, 0.58, 120], layers: [['#8c5a3c', 0.86, 0.0, 1]], dots: ['#ffffff', 30, 10, 'upper'] },
  crickets: { sky: ['#101a33', '#162240', '#1c2a4d'], orb: '#f1f0d8', orbAt: [0.74, 0.24, 40], layers: [['#1e3b2f', 0.66, 0.1, 30], ['#142a21', 0.78, 0.14, 40], ['#0c1c16', 0.9, 0.12, 50]], dots: ['#e8e6c8', 60, 2, 'upper'] },
  underwater: { sky: ['#0f5e7a', '#0b4a66', '#083852'], orb: '#3f8ea8', orbAt: [0.5, -0.05, 160], layers: [['#0a3346', 0.8, 0.06, 5], ['#062635', 0.9, 0.05, 7]], dots: ['#9fd6e8', 40, 7, 'all'] },
  seagulls: { sky: ['#9fd3ec', '#b7def0', '#d2eaf5'], orb: '#fff2c0', orbAt: [0.25, 0.27, 42], layers: [['#3a8fb7', 0.66, 0.015, 4], ['#2a7399', 0.8, 0.02, 6], ['#e5d3a8', 0.92, 0.02, 2]], dots: ['#ffffff', 7, 6, 'upper'] },
  bubbles: { sky: ['#6fd0d8', '#58bfcc', '#44aebf'], orb: '#a6e7ec', orbAt: [0.35, 0.38, 70], layers: [['#2f93a8', 0.88, 0.03, 4]], dots: ['#e6fbff', 36, 14, 'all'] },
};

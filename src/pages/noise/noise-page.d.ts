export type NoiseColour = 'white' | 'pink' | 'brown';
/** Shared layout of the three noise pages. */
export declare function NoisePage({ colour, title }: {
    colour: NoiseColour;
    title: string;
}): import("react").JSX.Element;

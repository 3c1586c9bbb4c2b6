/** Shown only while the browser offers an install prompt; hidden after install. */
export declare function InstallButton(): import("react").JSX.Element;

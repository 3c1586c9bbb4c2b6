/** Design tokens: the palette, shape and type Lull's theme is built from. */
export declare const tokens: {
    readonly font: "\"Inter\", system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, sans-serif";
    readonly radius: 12;
    readonly light: {
        readonly primary: "#3949ab";
        readonly secondary: "#00796b";
        readonly background: "#f6f7fb";
        readonly paper: "#ffffff";
        readonly text: "#1b1d29";
        readonly textSecondary: "#4a4f63";
        readonly warning: "#8a4b00";
    };
    readonly dark: {
        readonly primary: "#9fa8ff";
        readonly secondary: "#6fd6c4";
        readonly background: "#10121a";
        readonly paper: "#1a1d29";
        readonly text: "#eceef6";
        readonly textSecondary: "#b6bbcf";
        readonly warning: "#ffb74d";
    };
    readonly focusRing: "3px solid";
};

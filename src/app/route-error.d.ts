/** A page that failed to load or render: say so, offer a reload, report it. */
export declare function RouteError(): import("react").JSX.Element;

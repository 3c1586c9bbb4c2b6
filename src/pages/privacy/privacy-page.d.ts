/** What this deployment really uses, read from the configuration. */
export declare function providerStatements(config?: import("../../lib/config").SiteConfig): {
    cdn: string;
    errors: string;
    analytics: string;
};
export default function PrivacyPage(): import("react").JSX.Element;

export default function CreditsPage(): import("react").JSX.Element;

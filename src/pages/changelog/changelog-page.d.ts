export default function ChangelogPage(): import("react").JSX.Element;

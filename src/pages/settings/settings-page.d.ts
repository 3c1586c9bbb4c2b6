export default function SettingsPage(): import("react").JSX.Element;

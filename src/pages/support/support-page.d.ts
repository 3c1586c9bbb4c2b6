export default function SupportPage(): import("react").JSX.Element;

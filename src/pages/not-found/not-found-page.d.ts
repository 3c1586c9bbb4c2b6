export default function NotFoundPage(): import("react").JSX.Element;

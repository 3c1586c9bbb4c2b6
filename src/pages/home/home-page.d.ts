export default function HomePage(): import("react").JSX.Element;

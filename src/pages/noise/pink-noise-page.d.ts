export default function PinkNoisePage(): import("react").JSX.Element;

export default function BrownNoisePage(): import("react").JSX.Element;

export default function WhiteNoisePage(): import("react").JSX.Element;

import { type NetworkId, findNetwork } from "@kolo/domain";

/**
 * Each mobile network's mark in its brand colours, drawn here (no image request, nothing for the
 * CSP to allow): a disc with the network's short name. Decorative: the network's name is always
 * written beside it. Nothing for an id that is not one of the networks (findNetwork).
 */
const MARKS: Record<NetworkId, { fill: string; text: string; label: string; size: number }> = {
  mtn: { fill: "#ffcb05", text: "#000000", label: "MTN", size: 13 },
  glo: { fill: "#50b651", text: "#ffffff", label: "glo", size: 15 },
  airtel: { fill: "#e40000", text: "#ffffff", label: "airtel", size: 10 },
  etisalat: { fill: "#006e53", text: "#ffffff", label: "9", size: 20 },
};

export function NetworkLogo({ network, size = 36 }: { network: string; size?: number }) {
  const known = findNetwork(network);
  if (!known) return null;
  const mark = MARKS[known.id];
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill={mark.fill} />
      <text x="20" y="20" dy="0.35em" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize={mark.size} fill={mark.text}>
        {mark.label}
      </text>
    </svg>
  );
}

import { Box, Text } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";

/** Shown above a side-scrolling region while part of it is out of view. */
export const SIDE_SCROLL_HINT = "Scroll sideways to see more";

/**
 * A row or table wider than the screen, in a region that scrolls sideways. While content is out
 * of view, the edge it is hidden behind fades (text.css `.kolo-side-scroll`) and, with `hint`,
 * 'Scroll sideways to see more' is written above it, so nothing (a status, an action) is hidden
 * without a sign. The region is named and reachable by keyboard (axe scrollable-region-focusable);
 * `current`, a selector, is scrolled into view (the section being shown in a navigation row).
 */
export function SideScroll({ label, hint = false, current, children }: { label: string; hint?: boolean; current?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });

  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    const update = () =>
      setHidden((previous) => {
        const next = { left: region.scrollLeft > 1, right: region.scrollLeft + region.clientWidth < region.scrollWidth - 1 };
        return next.left === previous.left && next.right === previous.right ? previous : next;
      });
    if (current) region.querySelector(current)?.scrollIntoView({ block: "nearest", inline: "center" });
    update();
    region.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(region);
    for (const child of region.children) observer.observe(child);
    return () => {
      region.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [current]);

  return (
    <Box>
      {hint && (hidden.left || hidden.right) ? (
        <Text size="xs" c="dimmed" px="xs" pt={4} aria-hidden="true">
          {SIDE_SCROLL_HINT} {hidden.right ? "→" : "←"}
        </Text>
      ) : null}
      <Box
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        className="kolo-side-scroll"
        data-hidden-left={hidden.left || undefined}
        data-hidden-right={hidden.right || undefined}
      >
        {children}
      </Box>
    </Box>
  );
}

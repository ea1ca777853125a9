import { Collapsible as CollapsiblePrimitive } from 'radix-ui';

/** A disclosure: the trigger carries aria-expanded and aria-controls; the content is mounted only while open. */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;
export const CollapsibleContent = CollapsiblePrimitive.Content;

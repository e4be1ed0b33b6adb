/** Reading one attribute of every element a locator matches, in one go (the list may change between two reads). */
import type { Locator } from 'playwright-core';

/** What the page function reads of an element (the Node tsconfig has no DOM types). */
interface WithAttributes {
  getAttribute(name: string): string | null;
}

/** The attribute `name` of each element `locator` matches now, in order (`''` where it is absent). */
export function attributeOfAll(locator: Locator, name: string): Promise<string[]> {
  return locator.evaluateAll(
    (elements, attribute) =>
      elements.map((element) => (element as unknown as WithAttributes).getAttribute(attribute) ?? ''),
    name,
  );
}

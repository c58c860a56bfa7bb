import { describe, expect, it } from 'vitest';
import * as publicIcons from './public-icons';

type Data = { node: Array<[string, Record<string, string>]> };

/** lucide-react's own data of an icon (each icon module exports it beside the component). */
async function lucideData(name: string): Promise<Data> {
  const file = `../../../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
  return ((await import(/* @vite-ignore */ file)) as { __iconData: Data }).__iconData;
}

describe("the public pages' icons", () => {
  it("draw what lucide-react draws (the same shapes, each shape's attributes), for every icon", async () => {
    const icons = Object.entries(publicIcons);
    expect(icons.length).toBeGreaterThan(15);
    for (const [component, icon] of icons) {
      const name = /lucide-([\w-]+)/.exec(String((icon({}) as { props: { className: string } }).props.className))![1]!;
      const lucide = await lucideData(name);
      expect(icon.node, component).toEqual(lucide.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]));
    }
  });
});

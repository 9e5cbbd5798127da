// The attribute / event / CSS part reference of both elements, generated from the built
// custom-elements.json (the JSDoc of widget/*/*.element.ts): what the page shows is what the
// library declares, and test/widget/custom-elements-manifest.test.ts holds that to the built code.
import { useEffect, useState } from 'react';
import { loadElementReference, MANIFEST_URL, type ElementReference, type ManifestEntry } from './custom-elements-manifest.ts';

interface Column {
  title: string;
  cell: (entry: ManifestEntry) => string;
}

const NAME: Column = { title: '名称', cell: (entry) => entry.name };
const DESCRIPTION: Column = { title: '说明', cell: (entry) => entry.description ?? '' };
const TYPE: Column = { title: '类型', cell: (entry) => entry.type?.text ?? '' };

const TABLES: Array<{ key: keyof ElementReference & string; title: string; columns: Column[] }> = [
  { key: 'attributes', title: '属性（attribute）', columns: [NAME, { title: '对应 property', cell: (entry) => entry.fieldName ?? '' }, TYPE, DESCRIPTION] },
  { key: 'events', title: '事件', columns: [NAME, { title: 'detail 类型', cell: (entry) => entry.type?.text ?? '' }, DESCRIPTION] },
  { key: 'cssParts', title: 'CSS part（::part）', columns: [NAME, DESCRIPTION] },
  { key: 'cssProperties', title: 'CSS 自定义属性', columns: [NAME, DESCRIPTION] },
  { key: 'slots', title: '插槽（slot）', columns: [NAME, DESCRIPTION] },
];

function ReferenceTable({ tag, tableKey, title, columns, entries }: { tag: string; tableKey: string; title: string; columns: Column[]; entries: ManifestEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <table className="reference" data-reference={`${tag}:${tableKey}`}>
      <caption>&lt;{tag}&gt; {title}</caption>
      <thead>
        <tr>{columns.map((column) => <th key={column.title} scope="col">{column.title}</th>)}</tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.name}>
            {columns.map((column, index) => (index === 0
              ? <th key={column.title} scope="row"><code>{column.cell(entry)}</code></th>
              : <td key={column.title}>{column.title === DESCRIPTION.title ? column.cell(entry) : <code>{column.cell(entry)}</code>}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ElementReferenceSection() {
  const [elements, setElements] = useState<ElementReference[] | null>(null);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    let current = true;
    loadElementReference().then(
      (loaded) => current && setElements(loaded),
      (error: unknown) => current && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="panel" aria-labelledby="reference-title">
      <h2 id="reference-title">属性、事件与 CSS part 参考</h2>
      <p className="muted">由构建产物 <a href={MANIFEST_URL}><code>custom-elements.json</code></a> 生成。</p>
      {failure && <p role="alert">无法读取 custom-elements.json（{failure}）：先运行 <code>npm run build:widget</code>。</p>}
      {!elements && !failure && <p className="muted" role="status">正在读取 custom-elements.json…</p>}
      {elements?.map((element) => (
        <article key={element.tagName} className="reference-element" aria-labelledby={`reference-${element.tagName}`}>
          <h3 id={`reference-${element.tagName}`}>&lt;{element.tagName}&gt;</h3>
          <p>{element.description}</p>
          {TABLES.map((table) => (
            <ReferenceTable
              key={table.key}
              tag={element.tagName}
              tableKey={table.key}
              title={table.title}
              columns={table.columns}
              entries={element[table.key] as ManifestEntry[]}
            />
          ))}
        </article>
      ))}
    </section>
  );
}

// The contact sheet of `npm run screenshots`: one static HTML page, a row per brand and view, a
// column per width, each picture linking to its full-size PNG next to the page.

export interface Shot {
  brand: string;
  host: string;
  view: string;
  viewLabel: string;
  width: number;
  /** The PNG's name, next to index.html. */
  file: string;
  outcome: 'shot' | 'not-offered' | 'failed';
  problem?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function cell(shot: Shot | undefined): string {
  if (!shot) return '<td></td>';
  if (shot.outcome === 'not-offered') return '<td class="none">此处不提供</td>';
  if (shot.outcome === 'failed') return `<td class="failed">失败：${escapeHtml(shot.problem ?? '')}</td>`;
  const alt = `${shot.brand} ${shot.viewLabel} ${shot.width}px`;
  return `<td><a href="${escapeHtml(shot.file)}"><img src="${escapeHtml(shot.file)}" alt="${escapeHtml(alt)}" loading="lazy"></a></td>`;
}

export function buildContactSheet(shots: readonly Shot[], takenAt: Date): string {
  const widths = [...new Set(shots.map((shot) => shot.width))].sort((a, b) => a - b);
  const rows = [...new Map(shots.map((shot) => [`${shot.brand}|${shot.view}`, shot])).values()];
  const body = rows.map((row) => {
    const cells = widths.map((width) => cell(shots.find((shot) => shot.brand === row.brand && shot.view === row.view && shot.width === width)));
    return `<tr><th scope="row">${escapeHtml(row.brand)}<br><small>${escapeHtml(row.host)}</small><br>${escapeHtml(row.viewLabel)}</th>${cells.join('')}</tr>`;
  }).join('\n');
  const failed = shots.filter((shot) => shot.outcome === 'failed').length;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>截图总览（品牌 × 视图 × 宽度）</title>
<style>
body { font-family: system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 16px; color: #1d2330; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d9dee8; padding: 6px; vertical-align: top; text-align: left; }
th[scope="row"] { white-space: nowrap; font-weight: 600; }
img { display: block; width: 100%; height: auto; max-height: 1200px; object-fit: cover; object-position: top; }
td { width: ${Math.floor(90 / Math.max(1, widths.length))}vw; max-width: 420px; }
.none { color: #5b6475; }
.failed { color: #b42318; }
</style>
</head>
<body>
<main>
<h1>截图总览（品牌 × 视图 × 宽度）</h1>
<p>由 <code>npm run screenshots</code> 于 ${escapeHtml(takenAt.toISOString())} 生成，共 ${shots.filter((shot) => shot.outcome === 'shot').length} 张${failed ? `，${failed} 张失败` : ''}。缩略图只显示页面顶部，点击看整页原图。不是像素比对测试。</p>
<table>
<thead><tr><th scope="col">品牌 / 视图</th>${widths.map((width) => `<th scope="col">${width} px</th>`).join('')}</tr></thead>
<tbody>
${body}
</tbody>
</table>
</main>
</body>
</html>
`;
}

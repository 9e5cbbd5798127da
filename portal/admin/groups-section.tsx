// 客户群: the client groups (table and the create / edit form with its live login-page preview).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ConsoleGroup } from '../../contract/endpoints/console.ts';
import { groupsStore } from './stores.ts';
import { GroupForm } from './group-form.tsx';
import { ListStatus } from './list-status.tsx';
import { focusHeading } from './focus.ts';

export function GroupsSection() {
  const state = useStore(groupsStore.$state);
  const [editing, setEditing] = useState<{ group: ConsoleGroup | null; key: number } | null>(null);
  const [savedNote, setSavedNote] = useState('');
  useEffect(() => groupsStore.ensure(), []);

  function open(group: ConsoleGroup | null) {
    setSavedNote('');
    setEditing({ group, key: Date.now() });
    focusHeading('group-form-title');
  }

  async function reload(code: string): Promise<ConsoleGroup | null> {
    await groupsStore.refresh();
    return groupsStore.$state.get().items?.find((g) => g.code === code) ?? null;
  }

  return (
    <>
      <h2 id="heading-groups" tabIndex={-1}>客户群</h2>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={() => open(null)}>新建客户群</button>
        <span role="status" className="cell-note">{savedNote}</span>
      </div>
      {editing ? (
        <GroupForm
          key={editing.key}
          group={editing.group}
          onCancel={() => setEditing(null)}
          onSaved={(group) => {
            setEditing(null);
            setSavedNote(`已保存客户群 ${group.name}（${group.code}）`);
            void groupsStore.refresh();
          }}
          reload={() => reload(editing.group?.code ?? '')}
        />
      ) : null}
      <ListStatus state={state} retry={() => void groupsStore.refresh()} empty="还没有客户群。" />
      {state.items && state.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--cards">
            <caption className="visually-hidden">客户群列表</caption>
            <thead>
              <tr>
                <th scope="col">代码</th>
                <th scope="col">名称</th>
                <th scope="col">域名</th>
                <th scope="col">属性</th>
                <th scope="col">排序</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((group) => (
                <tr key={group.code}>
                  <th scope="row" data-label="代码"><code>{group.code}</code></th>
                  <td data-label="名称">{group.name}</td>
                  <td className="cell-url" data-label="域名">{group.domains.join('、') || '—'}</td>
                  <td data-label="属性">
                    {group.isDefault ? <span className="badge badge--on">默认</span> : null}
                    {group.staffOnly ? <span className="badge">仅员工</span> : null}
                    {group.theme ? <span className="badge">自定义外观</span> : null}
                  </td>
                  <td data-label="排序">{group.sortOrder}</td>
                  <td data-label="操作">
                    <button type="button" className="btn btn--link" onClick={() => open(group)} aria-label={`编辑客户群 ${group.name}`}>编辑</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

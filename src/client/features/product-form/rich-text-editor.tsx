import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, List, ListOrdered, Quote, Redo2, Strikethrough, Underline, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { directional } from '../../styles/direction.css';
import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';
import * as styles from './product-form.css';

/**
 * The product description (HTML). The server sanitizes it on save and on render; this editor only
 * produces the tags the sanitizer keeps.
 */
export function RichTextEditor({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) {
  const id = useId();
  const t = useT(shop);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: { openOnClick: false } })],
    content: value,
    editorProps: {
      attributes: {
        class: styles.editorArea,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        // The shopkeeper's own words: each reads in its own direction.
        dir: 'auto',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const tools = [
    { label: t('shop.editor.bold'), icon: Bold, active: state?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    { label: t('shop.editor.italic'), icon: Italic, active: state?.italic, run: () => editor?.chain().focus().toggleItalic().run() },
    { label: t('shop.editor.underline'), icon: Underline, active: state?.underline, run: () => editor?.chain().focus().toggleUnderline().run() },
    { label: t('shop.editor.strike'), icon: Strikethrough, active: state?.strike, run: () => editor?.chain().focus().toggleStrike().run() },
    { label: t('shop.editor.heading'), icon: Heading2, active: state?.heading, run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run() },
    { label: t('shop.editor.bulletList'), icon: List, active: state?.bullet, run: () => editor?.chain().focus().toggleBulletList().run() },
    { label: t('shop.editor.orderedList'), icon: ListOrdered, active: state?.ordered, run: () => editor?.chain().focus().toggleOrderedList().run() },
    { label: t('shop.editor.quote'), icon: Quote, active: state?.quote, run: () => editor?.chain().focus().toggleBlockquote().run() },
  ];

  return (
    <div className={styles.group}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={styles.editor}>
        <div role="toolbar" aria-label={t('shop.editor.toolbar')} className={styles.toolbar}>
          {tools.map(({ label: name, icon: Icon, active, run }) => (
            <button key={name} type="button" className={styles.toolButton} aria-label={name} aria-pressed={Boolean(active)} onClick={run}>
              <Icon size={16} aria-hidden="true" />
            </button>
          ))}
          <button type="button" className={styles.toolButton} aria-label={t('shop.editor.undo')} disabled={!state?.canUndo} onClick={() => editor?.chain().focus().undo().run()}>
            <Undo2 size={16} className={directional} aria-hidden="true" />
          </button>
          <button type="button" className={styles.toolButton} aria-label={t('shop.editor.redo')} disabled={!state?.canRedo} onClick={() => editor?.chain().focus().redo().run()}>
            <Redo2 size={16} className={directional} aria-hidden="true" />
          </button>
        </div>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

import '@mantine/tiptap/styles.css';
import { Select } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconIndentDecrease, IconIndentIncrease } from '@tabler/icons-react';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import TextAlign from '@tiptap/extension-text-align';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { droppedFormatting, FONT_SIZES, FONTS, fontOf } from '../../../shared/rich-text';
import { FormattingNote } from './formatting-note';
import classes from './post-editor.module.css';

/**
 * The toolbar's tooltips: the spec's 1000 ms delay cannot be given to the browser's own `title` tooltip,
 * so controls drop it and the CSS shows their aria-label after a second's hover instead.
 */
const noTitle = { title: undefined };

/**
 * The size box's choices: the spec's 1 to 7, and the selection's own size when it is another one (pasted
 * text), so that the box shows what the text has rather than its placeholder.
 */
function sizeChoices(current: string | null) {
  const sizes = FONT_SIZES.map((size, i) => ({ value: size, label: String(i + 1) }));
  return current && !FONT_SIZES.includes(current) ? [...sizes, { value: current, label: current }] : sizes;
}
const BLOCKS = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code'] as const;

function currentBlock(editor: Editor): (typeof BLOCKS)[number] {
  if (editor.isActive('codeBlock')) return 'code';
  for (let level = 1; level <= 6; level++)
    if (editor.isActive('heading', { level })) return `h${level}` as (typeof BLOCKS)[number];
  return 'paragraph';
}

function setBlock(editor: Editor, block: string) {
  const chain = editor.chain().focus();
  if (block === 'paragraph') chain.setParagraph().run();
  else if (block === 'code') chain.toggleCodeBlock().run();
  else chain.setHeading({ level: Number(block.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6 }).run();
}

interface PostEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Hands the editor to the composer, which inserts emojis and hashtags at the cursor. */
  onReady?: (editor: Editor) => void;
}

/** The rich-text editor with the spec's toolbar; it reports HTML, which the server sanitises again. */
export function PostEditor({ value, onChange, onReady }: PostEditorProps) {
  const { t, i18n } = useTranslation();
  // What the networks will not show of it, said under the editor as it is written.
  const dropped = useMemo(() => droppedFormatting(value), [value]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      Subscript,
      Superscript,
      TextStyle,
      FontFamily,
      FontSize,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      // Extensions are built once, with the editor: the placeholder asks for its words each time it is drawn.
      Placeholder.configure({ placeholder: () => i18n.t('composer.placeholder') }),
    ],
    content: value,
    immediatelyRender: true,
    // The label and the height belong to the editable element itself, so a click anywhere in it types.
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-label': t('composer.editorLabel'),
        'aria-multiline': 'true',
        style: 'min-height: 200px',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: currentBlock(e),
      font: fontOf(e.getAttributes('textStyle').fontFamily as string | undefined),
      size: (e.getAttributes('textStyle').fontSize as string | undefined) ?? null,
    }),
  });

  useEffect(() => onReady?.(editor), [editor, onReady]);

  // Another language: draw the placeholder again, now in its words (setOptions redraws the view).
  useEffect(() => editor.setOptions({}), [editor, i18n.language]);

  // A post loaded for editing, or the composer cleared after scheduling, replaces the editor's content.
  useEffect(() => {
    if (value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [value, editor]);

  const labels = t('composer.toolbar', { returnObjects: true }) as Record<string, string>;
  return (
    <RichTextEditor editor={editor} labels={labels}>
      <RichTextEditor.Toolbar sticky stickyOffset={60} className={classes.toolbar}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold {...noTitle} />
          <RichTextEditor.Italic {...noTitle} />
          <RichTextEditor.Strikethrough {...noTitle} />
          <RichTextEditor.Underline {...noTitle} />
          <RichTextEditor.Subscript {...noTitle} />
          <RichTextEditor.Superscript {...noTitle} />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link {...noTitle} />
          <RichTextEditor.Unlink {...noTitle} />
          <RichTextEditor.Hr {...noTitle} />
        </RichTextEditor.ControlsGroup>
        <Select
          size="xs"
          w={130}
          aria-label={t('composer.format')}
          data={BLOCKS.map((b) => ({ value: b, label: t(`composer.blocks.${b}`) }))}
          value={state.block}
          onChange={(v) => v && setBlock(editor, v)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          size="xs"
          w={120}
          aria-label={t('composer.fontSize')}
          // The box is narrow: "Font size" in full does not fit in every language ("Schriftgröße").
          placeholder={t('composer.fontSizeShort')}
          data={sizeChoices(state.size)}
          value={state.size}
          onChange={(v) =>
            v ? editor.chain().focus().setFontSize(v).run() : editor.chain().focus().unsetFontSize().run()
          }
        />
        <Select
          size="xs"
          w={150}
          aria-label={t('composer.font')}
          placeholder={t('composer.font')}
          data={FONTS}
          value={state.font}
          onChange={(v) =>
            v ? editor.chain().focus().setFontFamily(v).run() : editor.chain().focus().unsetFontFamily().run()
          }
        />
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Blockquote {...noTitle} />
          <RichTextEditor.BulletList {...noTitle} />
          <RichTextEditor.OrderedList {...noTitle} />
          <RichTextEditor.Control
            onClick={() => editor.chain().focus().liftListItem('listItem').run()}
            aria-label={t('composer.outdent')}
          >
            <IconIndentDecrease size={16} stroke={1.5} />
          </RichTextEditor.Control>
          <RichTextEditor.Control
            onClick={() => editor.chain().focus().sinkListItem('listItem').run()}
            aria-label={t('composer.indent')}
          >
            <IconIndentIncrease size={16} stroke={1.5} />
          </RichTextEditor.Control>
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft {...noTitle} />
          <RichTextEditor.AlignCenter {...noTitle} />
          <RichTextEditor.AlignRight {...noTitle} />
          <RichTextEditor.AlignJustify {...noTitle} />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo {...noTitle} />
          <RichTextEditor.Redo {...noTitle} />
          <RichTextEditor.SourceCode {...noTitle} />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
      <FormattingNote kinds={dropped} px="sm" py={6} />
    </RichTextEditor>
  );
}

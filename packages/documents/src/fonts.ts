// The one font family every document uses. pdfmake's Roboto has no Bold face, so bold maps to
// Medium (as pdfmake's own browser default does). Roboto carries the rupee sign (U+20B9).
export const FONT_FAMILY = 'Roboto';

export const ROBOTO_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

export const FONTS = { [FONT_FAMILY]: { ...ROBOTO_FILES } };

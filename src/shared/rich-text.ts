/** The composer's fonts (spec section 2); the server keeps exactly these in a post's styles. */
export const FONTS = [
  'Arial',
  'Arial Black',
  'Comic Sans MS',
  'Courier New',
  'Impact',
  'Lucida Grande',
  'Times New Roman',
  'Verdana',
];

// js/chess/theme_names.js, which the build writes from puzzlebook/chess/themes.py's catalogue
// (sitebuild/themes.py): every theme's name by its key.
export declare const THEME_NAMES: Readonly<Record<string, string>>

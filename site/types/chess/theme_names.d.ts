// js/chess/theme_names.js, made by the build from the themes' catalogue (sitebuild/themes.py): every
// theme's name by its key, as the themes page names it.
export declare const THEME_NAMES: Readonly<Record<string, string>>

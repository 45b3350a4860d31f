// js/chess/theme_names.js, made by the build (sitebuild/themes.py render_js): every puzzle theme's
// name by its key. Never shipped (the build writes the module itself).
export declare const THEME_NAMES: Readonly<Record<string, string>>

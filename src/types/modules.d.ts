// Side-effect imports handled by webpack (css-loader) and by jest's moduleNameMapper.
declare module '*.css';
// moment's locale files ship without type declarations.
declare module 'moment/locale/es';

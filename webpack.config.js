const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');

/**
 * Writes route-chunks.json: for each route path, the files of its page's chunk group (named after the route id in
 * router.tsx), less those the entry already loads. The server preloads them in the HTML it sends.
 */
class RouteChunksPlugin {
  apply(compiler) {
    // The route registry is TypeScript; tsx reads it, so the list of paths has one home.
    const { routes } = require('tsx/cjs/api').require('./src/shared/config/routes.ts', __filename);
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteChunksPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const list = Object.entries(routes).flatMap(([id, route]) => {
            const group = compilation.namedChunkGroups.get(id);
            return group ? [{ path: route.path, files: group.getFiles() }] : [];
          });
          compilation.emitAsset('route-chunks.json', new webpack.sources.RawSource(JSON.stringify(list)));
        },
      );
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Text worth compressing; images other than SVG and fonts (woff2) are compressed already.
const COMPRESSIBLE_ASSET = /^assets\/.*\.(js|css|svg)$/;

/**
 * Writes `name.br` and `name.gz` beside each hashed text asset, at the highest levels: made once here, the server
 * sends them as they are (server/src/http/static.ts picks one by Accept-Encoding) and spends no CPU per request.
 * Only hashed assets: index.html and config.json are rewritten or read afresh by the server on every request.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification (OPTIMIZE_SIZE), so the compressed files hold the minified code.
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) =>
          Promise.all(
            Object.keys(assets)
              .filter((name) => COMPRESSIBLE_ASSET.test(name))
              .map(async (name) => {
                const source = compilation.getAsset(name).source.buffer();
                const [br, gz] = await Promise.all([
                  brotli(source, {
                    params: {
                      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                    },
                  }),
                  gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
                ]);
                const info = { compressed: true, immutable: true };
                compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br), info);
                compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gz), info);
              }),
          ),
      );
    });
  }
}

// The dev server proxies the API to the reference server (npm run serve, port 8080 by default).
const apiTarget = process.env.API_PROXY_TARGET || 'http://localhost:8080';

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.tsx',
    // Evergreen browsers only: webpack's own runtime can then use modern syntax.
    target: ['web', 'es2020'],
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@': path.resolve(__dirname, 'src'),
        // The contract's plain validators (spanishDocuments.ts); everything else of it is imported as types.
        '@contract': path.resolve(__dirname, 'server/src/contract'),
        // React Router's package exports name only its development build; the production one drops the
        // developer warnings (issue 23: the /login download).
        ...(production && {
          'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
          'react-router/dom$': path.resolve(
            __dirname,
            'node_modules/react-router/dist/production/dom-export.mjs',
          ),
          // Formik's copies of plain form values, without lodash's generic cloning machinery.
          'lodash-es/cloneDeep$': path.resolve(__dirname, 'src/shared/lib/cloneDeep.ts'),
          'lodash-es/clone$': path.resolve(__dirname, 'src/shared/lib/clone.ts'),
          'lodash-es/toPath$': path.resolve(__dirname, 'src/shared/lib/toPath.ts'),
          // The ES build of the reconciler the rest of redux-persist comes as (jest reads the CommonJS one).
          'redux-persist/lib/stateReconciler/autoMergeLevel2$': path.resolve(
            __dirname,
            'node_modules/redux-persist/es/stateReconciler/autoMergeLevel2.js',
          ),
        }),
      },
    },
    // No source maps in production: they would publish the original source next to the bundles.
    devtool: production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        {
          test: /react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/,
          use: path.resolve(__dirname, 'scripts/pureReactCalls.cjs'),
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html', '**/favicon.svg'] } }],
      }),
      new RouteChunksPlugin(),
      ...(production ? [new PrecompressPlugin()] : []),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      // moment ships every locale; the portal speaks only Spanish.
      new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/es$/),
      new webpack.DefinePlugin({
        // Shown in the header: one version, package.json's, instead of a copy in the code.
        'process.env.OV_APP_VERSION': JSON.stringify(require('./package.json').version),
        // Client credential of POST /token?grant_type=client_credentials, set at build time (spec 01 §7).
        'process.env.OV_CLIENT_CREDENTIAL': JSON.stringify(
          process.env.OV_CLIENT_CREDENTIAL || 'oficina-virtual-spa:demo-client-secret',
        ),
      }),
    ],
    optimization: {
      minimizer: [
        new TerserPlugin({
          extractComments: false,
          terserOptions: { ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } },
        }),
        new CssMinimizerPlugin(),
      ],
      splitChunks: { chunks: 'all' },
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: apiTarget }],
    },
  };
};
